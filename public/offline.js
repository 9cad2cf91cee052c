// The offline page's only script (precached by sw.js with the page): retry by hand, or by itself once the network
// is back. Kept out of the HTML so the page runs under a Content-Security-Policy without inline scripts.
document.getElementById("retry").addEventListener("click", () => location.reload());
window.addEventListener("online", () => location.reload());
