import { renderToStaticMarkup } from "react-dom/server";
import { Signature } from "./practice-detail-dialog";
import { SIGNATURE_TO_COME } from "./practice-format";

// The practice's dialog: a signature the page's first view left out is being read, not missing (spec: both signatures).
describe("Signature", () => {
  it("shows the image, 'Sin firma' when the practice has none, and a wait while the image is still being read", () => {
    const png = "data:image/png;base64,iVBORw0KGgo=";
    const drawn = renderToStaticMarkup(<Signature label="Firma del alumno" src={png} />);
    expect(drawn).toContain(`<img src="${png}" alt="Firma del alumno"`);

    const none = renderToStaticMarkup(<Signature label="Firma del alumno" src={null} />);
    expect(none).toContain("Sin firma");
    expect(none).not.toContain("<img");

    const coming = renderToStaticMarkup(<Signature label="Firma del profesor" src={SIGNATURE_TO_COME} />);
    expect(coming).toContain("Cargando firma…");
    expect(coming).toContain('aria-busy="true"');
    expect(coming).not.toContain("Sin firma");
    expect(coming).not.toContain("<img");
  });
});
