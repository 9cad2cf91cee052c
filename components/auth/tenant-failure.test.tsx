import { renderToStaticMarkup } from "react-dom/server";
import { TENANT_INFO_FAILED } from "@/components/shell/tenant-info-source";
import { TenantFailure } from "./tenant-failure";

// What the login and set-password pages show where the school's name would be when it could not be read.
describe("TenantFailure", () => {
  it("announces the failure's message as an alert", () => {
    const html = renderToStaticMarkup(<TenantFailure error={new Error(TENANT_INFO_FAILED)} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("No se pudo cargar la información de la autoescuela");
  });

  it("shows nothing while there is no failure", () => {
    expect(renderToStaticMarkup(<TenantFailure error={null} />)).toBe("");
  });
});
