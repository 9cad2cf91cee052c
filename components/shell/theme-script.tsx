export const THEME_KEY = "theme";

// Runs before paint so a stored dark theme does not flash light first. Light is the default (spec §2).
const script = `try{if(localStorage.getItem("${THEME_KEY}")==="dark")document.documentElement.classList.add("dark")}catch(e){}`;

// The Content-Security-Policy only lets scripts with this response's nonce run (proxy.ts sets it).
export function ThemeScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
