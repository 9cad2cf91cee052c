// The sign-in's proof of work (server/modules/auth/challenge.ts): find a nonce such that SHA-256("<prefix>:<nonce>")
// starts with `bits` zero bits. Shared by the browser, which solves it, and the server, which checks it with one
// hash. Plain JavaScript, not WebCrypto: crypto.subtle is missing on plain-http hosts and costs a promise per hash.

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
  0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
  0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
  0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const W = new Uint32Array(64);

/** The longest message one SHA-256 block holds (the padding takes the rest). */
export const MAX_MESSAGE_LENGTH = 55;

/** SHA-256 of a short ASCII message (one block), as eight 32-bit words. */
export function sha256Short(message: string): Uint32Array {
  const n = message.length;
  if (n > MAX_MESSAGE_LENGTH) throw new Error("message too long for one block");
  W.fill(0, 0, 16);
  for (let i = 0; i < n; i++) W[i >> 2]! |= (message.charCodeAt(i) & 0xff) << (24 - (i & 3) * 8);
  W[n >> 2]! |= 0x80 << (24 - (n & 3) * 8);
  W[15] = n * 8;
  for (let i = 16; i < 64; i++) {
    const a = W[i - 15]!;
    const b = W[i - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let [a, b, c, d, e, f, g, h] = H0 as [number, number, number, number, number, number, number, number];
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + s1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  const out = new Uint32Array(8);
  [a, b, c, d, e, f, g, h].forEach((v, i) => (out[i] = (v + H0[i]!) | 0));
  return out;
}

/** Zero bits at the start of the digest (0–32 are all a challenge ever asks). */
export function leadingZeroBits(digest: Uint32Array): number {
  return digest[0] === 0 ? 32 + Math.clz32(digest[1]!) : Math.clz32(digest[0]!);
}

export const powMessage = (prefix: string, nonce: number) => `${prefix}:${nonce}`;

export const isSolution = (prefix: string, bits: number, nonce: number) =>
  Number.isSafeInteger(nonce) && nonce >= 0 && powMessage(prefix, nonce).length <= MAX_MESSAGE_LENGTH && leadingZeroBits(sha256Short(powMessage(prefix, nonce))) >= bits;

/**
 * Tries nonces 0, 1, 2… in slices of `sliceMs`, yielding to the page between slices (it stays responsive and can
 * paint 'Comprobando que eres tú…'). Expected work: 2^bits hashes. `signal` stops it.
 */
export async function solveChallenge(prefix: string, bits: number, { sliceMs = 30, signal }: { sliceMs?: number; signal?: AbortSignal } = {}): Promise<number> {
  let nonce = 0;
  for (;;) {
    const until = Date.now() + sliceMs;
    do {
      for (let i = 0; i < 1000; i++, nonce++) {
        if (leadingZeroBits(sha256Short(powMessage(prefix, nonce))) >= bits) return nonce;
      }
    } while (Date.now() < until);
    if (signal?.aborted) throw new Error("aborted");
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
