import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import type { StudentContent as Library } from "@/lib/contract/content";
import { contentQueries } from "./queries";
import { StudentContent } from "./student-content";

jest.mock("next/navigation", () => ({ useRouter: () => ({ back: jest.fn(), push: jest.fn() }) }));

// The library's own states (first document §2, §8). The page arrives drawn by the server; these are what the student
// sees when the server could not read the library and the browser reads it itself.
function render(client: QueryClient) {
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <StudentContent />
    </QueryClientProvider>,
  );
}

// retryOnMount off: the render shows the state the browser reaches once its read (and its retries) failed.
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });

describe("StudentContent", () => {
  it("says 'Cargando contenido...' as a status while the library is on its way, and offers nothing yet", () => {
    const html = render(newClient());
    expect(html).toContain('role="status"');
    expect(html).toContain("Cargando contenido...");
    expect(html).not.toContain("Ver contenidos");
  });

  it("shows the spec's error screen with 'Volver' when the library cannot be read", async () => {
    const client = newClient();
    await client.prefetchQuery({ ...contentQueries.student(), queryFn: () => Promise.reject(new Error("NOT_FOUND")) });
    const html = render(client);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Error al cargar el contenido");
    expect(html).toContain("No se pudo cargar el contenido solicitado.");
    expect(html).toMatch(/<button[^>]*>Volver<\/button>/);
    expect(html).not.toContain("Cargando contenido...");
  });

  it("shows the library once it is read", () => {
    const client = newClient();
    const library: Library = {
      viewer: { name: "Lucía Martín García", dni: null },
      licenses: [
        { licenseId: "b", licenseName: "B", documents: [{ id: "1", name: "Temario", type: "document", url: "/api/student/content/1/file" }], videos: [], iframes: [] },
      ],
    };
    client.setQueryData(contentQueries.student().queryKey, library);
    const html = render(client);
    expect(html).toContain("Ver contenidos");
    expect(html).not.toContain("Cargando contenido...");
  });
});
