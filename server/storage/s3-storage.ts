import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { PassThrough, Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FileStorage } from "./storage";

export type S3Location = {
  bucket: string;
  // Keys are stored under this prefix ("" or "some/prefix/").
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
};

// Parts of 8 MiB (S3's minimum is 5 MiB): a 500 MB video is ~60 parts, two in flight, so at most ~16 MiB of one upload
// sits in memory at a time.
export const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * STORAGE_URL: `s3://<bucket>[/<prefix>]?endpoint=<url>&region=<region>&forcePathStyle=true`. Credentials come from the
 * AWS SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance role). Returns null for any
 * other scheme (the local folder is the default). Throws on an s3 URL it cannot use.
 */
export function parseStorageUrl(value: string | undefined): S3Location | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("STORAGE_URL is not a URL (expected s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true)");
  }
  if (url.protocol !== "s3:") throw new Error(`STORAGE_URL: unknown scheme ${url.protocol} (only s3:// is supported)`);
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error("STORAGE_URL: the bucket name is not valid");
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, "");
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error("STORAGE_URL: endpoint must be an http(s) URL");
  const pathStyle = url.searchParams.get("forcePathStyle") ?? url.searchParams.get("path-style");
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : "",
    endpoint,
    region: url.searchParams.get("region") ?? process.env.AWS_REGION ?? "us-east-1",
    // A custom endpoint (MinIO, Ceph, s3rver) almost always wants path-style addressing.
    forcePathStyle: pathStyle ? pathStyle === "true" || pathStyle === "1" : Boolean(endpoint),
  };
}

export function s3Client(location: S3Location): S3Client {
  // The SDK warns on Node 20 that releases after January 2027 need Node 22: the lockfile pins this release, and the
  // warning would be the one plain-text line in JSON logs (docs/operations.md says when to move to Node 22).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  return new S3Client({ region: location.region, endpoint: location.endpoint, forcePathStyle: location.forcePathStyle });
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
}

// Keys are built by the server only (tenant/uuid); the same shape the local folder accepts, nothing that climbs.
function checkKey(key: string): void {
  if (!key || key.startsWith("/") || key.split("/").some((part) => part === "" || part === "." || part === "..")) {
    throw new Error("invalid storage key");
  }
}

/**
 * The content files in an S3-compatible bucket. Uploads stream through `inspect` (the same mid-stream refusal as the
 * local folder) into a multipart upload; `finish` runs on the stream's last byte, before the upload completes, so a
 * refused file never becomes visible (the multipart upload is aborted, its parts deleted). Reads are ranged GETs
 * streamed to the caller.
 */
export function s3Storage(location: S3Location, client: S3Client = s3Client(location)): FileStorage {
  const objectKey = (key: string) => {
    checkKey(key);
    return location.prefix + key;
  };
  return {
    async put(key, body, inspect, finish) {
      const Key = objectKey(key);
      let total = 0;
      const check = new Transform({
        transform(chunk: Buffer, _enc, done) {
          total += chunk.length;
          try {
            inspect(chunk, total);
            done(null, chunk);
          } catch (error) {
            done(error as Error);
          }
        },
        flush(done) {
          try {
            finish(total);
            done();
          } catch (error) {
            done(error as Error);
          }
        },
      });
      const passThrough = new PassThrough();
      const upload = new Upload({
        client,
        params: { Bucket: location.bucket, Key, Body: passThrough },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      const uploaded = upload.done();
      // If the upload fails first (bucket gone, credentials), stop reading the client's body.
      uploaded.catch((error: unknown) => passThrough.destroy(error as Error));
      try {
        await pipeline(Readable.fromWeb(body as import("node:stream/web").ReadableStream), check, passThrough);
      } catch (error) {
        // The upload reads the failed stream's error, aborts its multipart upload (parts deleted) and rejects. Should it
        // have completed regardless (the last byte had been handed over), the object goes: a refused file never stays.
        passThrough.destroy(error as Error);
        const completed = await uploaded.then(
          () => true,
          () => false,
        );
        if (completed) await client.send(new DeleteObjectCommand({ Bucket: location.bucket, Key })).catch(() => undefined);
        throw error;
      }
      await uploaded;
      return { size: total };
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    read(key, range) {
      const Key = objectKey(key);
      const out = new PassThrough();
      client
        .send(new GetObjectCommand({ Bucket: location.bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }))
        .then((object) => pipeline(object.Body as Readable, out))
        .catch((error: unknown) => out.destroy(error as Error));
      return out;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }));
    },
  };
}
