const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// State-changing calls must come from our own pages: the Origin (or Referer) host must be the request's host.
export function isCrossSite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const source = request.headers.get("origin") ?? request.headers.get("referer");
  if (!source) return request.headers.get("sec-fetch-site") === "cross-site";
  try {
    return new URL(source).host.toLowerCase() !== (request.headers.get("host") ?? "").toLowerCase();
  } catch {
    return true;
  }
}
