export const THEME_KEY = "theme";

// Runs before paint so a stored dark theme does not flash light first. Light is the default (spec §2).
const script = `try{if(localStorage.getItem("${THEME_KEY}")==="dark")document.documentElement.classList.add("dark")}catch(e){}`;

export function ThemeScript() {
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}
