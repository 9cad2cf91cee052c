// Moves everything sealed with the at-rest key to a new one: the face references and the schools' Stripe secret keys
// and webhook secrets (any still in clear are sealed on the way). Stop the app (or all replicas) first, then:
//   BIOMETRIC_ENCRYPTION_KEY_OLD=<current> BIOMETRIC_ENCRYPTION_KEY_NEW=<new> DATABASE_URL=… npm run rotate:biometric-key
// and restart with BIOMETRIC_ENCRYPTION_KEY=<new>. See docs/operations.md.
import { openDatabase } from "../server/db/client";
import { parseKey } from "../server/biometrics/crypto";
import { rotateEncryptionKey } from "./key-rotation";

async function main() {
  const { BIOMETRIC_ENCRYPTION_KEY_OLD: oldValue, BIOMETRIC_ENCRYPTION_KEY_NEW: newValue } = process.env;
  if (!oldValue || !newValue) throw new Error("Set BIOMETRIC_ENCRYPTION_KEY_OLD and BIOMETRIC_ENCRYPTION_KEY_NEW");
  const handle = await openDatabase();
  try {
    const count = await rotateEncryptionKey(handle.db, parseKey(oldValue), parseKey(newValue));
    console.log(
      `re-encrypted ${count.biometricReferences} biometric reference(s) (and ${count.faceReferences} further reference photo(s)) and the Stripe secrets of ${count.paymentSettings} school(s); restart the app with BIOMETRIC_ENCRYPTION_KEY set to the new key`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
