// The offline page's only script (precached by sw.js with the page): retry by hand, or by itself once the network
// is back. Kept out of the HTML so the page runs under a Content-Security-Policy without inline scripts.
// The 'online' event can come a moment before requests go through again (a reload then lands on this page once more),
// so the page is reloaded only after the server has answered, checked on that event and every few seconds.
let checking = false;
async function reloadWhenReachable() {
  if (checking || !navigator.onLine) return;
  checking = true;
  try {
    const res = await fetch(location.href, { method: "HEAD", cache: "no-store", credentials: "same-origin" });
    if (res.status < 500) location.reload();
  } catch {
    // Still offline for the browser's network stack: the next check tries again.
  } finally {
    checking = false;
  }
}
document.getElementById("retry").addEventListener("click", () => location.reload());
window.addEventListener("online", reloadWhenReachable);
setInterval(reloadWhenReachable, 3000);
