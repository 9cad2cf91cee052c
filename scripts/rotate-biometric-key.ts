// Moves every face reference to a new encryption key. Stop the app (or all replicas) first, then:
//   BIOMETRIC_ENCRYPTION_KEY_OLD=<current> BIOMETRIC_ENCRYPTION_KEY_NEW=<new> DATABASE_URL=… npm run rotate:biometric-key
// and restart with BIOMETRIC_ENCRYPTION_KEY=<new>. See docs/operations.md.
import { openDatabase } from "../server/db/client";
import { parseKey } from "../server/biometrics/crypto";
import { rotateBiometricKey } from "../server/biometrics/rotate-key";

async function main() {
  const { BIOMETRIC_ENCRYPTION_KEY_OLD: oldValue, BIOMETRIC_ENCRYPTION_KEY_NEW: newValue } = process.env;
  if (!oldValue || !newValue) throw new Error("Set BIOMETRIC_ENCRYPTION_KEY_OLD and BIOMETRIC_ENCRYPTION_KEY_NEW");
  const handle = await openDatabase();
  try {
    const count = await rotateBiometricKey(handle.db, parseKey(oldValue), parseKey(newValue));
    console.log(`re-encrypted ${count} biometric reference(s); restart the app with BIOMETRIC_ENCRYPTION_KEY set to the new key`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
