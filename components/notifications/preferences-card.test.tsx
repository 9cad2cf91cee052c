import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { EMAIL_OFF_TEXT, PreferencesCard, PUSH_OFF_TEXT } from "./preferences-card";

// The 'Avisos' card of 'Mi perfil': a channel the school has not configured cannot be switched, and says why (the e2e
// server has no SMTP, so the journeys see only that state; the other is held here).
type Preferences = Parameters<typeof PreferencesCard>[0]["preferences"];

const base: Preferences = {
  email: null,
  emailEnabled: true,
  pushEnabled: true,
  quietHours: true,
  categories: [
    { category: "reservations", label: "Reservas", push: true, email: true },
    { category: "chat", label: "Mensajes", push: true, email: false },
  ],
};

const render = (preferences: Preferences) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <PreferencesCard preferences={preferences} />
    </QueryClientProvider>,
  );

/** The opening tag of the switch named (aria-label) `name`, or labelled by the element `#name`. */
const switchTag = (html: string, name: string) => {
  const tag = html.match(new RegExp(`<button[^>]*aria-(label="${name}"|labelledby="${name}")[^>]*>`))?.[0];
  if (!tag) throw new Error(`no switch '${name}'`);
  return tag;
};

describe("the preferences card", () => {
  it("draws a row per category with both switches in their saved state", () => {
    const html = render(base);
    expect(switchTag(html, "Reservas por push")).toContain('aria-checked="true"');
    expect(switchTag(html, "Mensajes por correo")).toContain('aria-checked="false"');
    expect(switchTag(html, "Reservas por correo")).not.toContain('disabled=""');
  });

  it("asks for an address when e-mail is on at the school but the person has none", () => {
    expect(render(base)).toContain("Añade tu correo electrónico para recibir los avisos por correo.");
    expect(render({ ...base, email: "lucia@ejemplo.es" })).not.toContain("Añade tu correo electrónico");
  });

  it("disables the 'Correo' switches without SMTP, pointing them at the reason", () => {
    const html = render({ ...base, emailEnabled: false });
    expect(html).toContain(`${EMAIL_OFF_TEXT}.`);
    for (const name of ["Reservas por correo", "Mensajes por correo"]) {
      expect(switchTag(html, name)).toContain('disabled=""');
      expect(switchTag(html, name)).toContain('aria-describedby="email-off"');
    }
    expect(switchTag(html, "Reservas por push")).not.toContain('disabled=""');
    expect(html).not.toContain("Añade tu correo electrónico");
  });

  it("disables the 'Push' switches and the quiet hours without VAPID keys", () => {
    const html = render({ ...base, pushEnabled: false });
    expect(html).toContain(`${PUSH_OFF_TEXT}.`);
    expect(switchTag(html, "Reservas por push")).toContain('aria-describedby="push-off"');
    expect(switchTag(html, "Reservas por push")).toContain('disabled=""');
    expect(switchTag(html, "quiet-hours-label")).toContain('disabled=""');
  });
});
