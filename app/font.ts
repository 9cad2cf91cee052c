import localFont from "next/font/local";

// Geist (the geist package's variable font, which its own `geist/font/sans` loads with font-display: swap). Here with
// `optional`: a page is drawn once in its final font or in the fallback, never re-flowed when the font arrives late
// (on a slow connection the swap moved the balance page's movements, CLS 0.057 in Lighthouse with applied
// throttling). The font is preloaded, so on any ordinary connection it is there for the first paint; when it is not,
// that visit keeps the fallback and the next one has it from the cache.
export const geistSans = localFont({
  src: "../node_modules/geist/dist/fonts/geist-sans/Geist-Variable.woff2",
  variable: "--font-geist-sans",
  weight: "100 900",
  display: "optional",
});
