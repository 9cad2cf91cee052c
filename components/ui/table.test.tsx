import { renderToStaticMarkup } from "react-dom/server";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./table";

// The stacked-card pattern's markup (its layout is CSS, measured by tests/e2e/backoffice/office-cards.phone.spec.ts):
// a labelled cell leads with its column's name for the eye only, the title and actions cells with none, and the table
// keeps its roles whatever its display.
describe("Table on a phone: rows as cards", () => {
  const html = renderToStaticMarkup(
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Nombre</TableHead>
          <TableHead>DNI</TableHead>
          <TableHead>Acciones</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <TableRow>
          <TableCell stack="title">Lucía Martín García</TableCell>
          <TableCell label="DNI">12345678Z</TableCell>
          <TableCell stack="actions">
            <button type="button">Editar</button>
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>,
  );

  it("leads a labelled cell with its column's name, hidden from screen readers and from wide screens", () => {
    expect(html).toContain('<span aria-hidden="true" class="text-xs font-medium text-muted-foreground sm:hidden">DNI</span>');
    expect(html).toMatch(/<div class="min-w-0 sm:contents">12345678Z<\/div>/);
  });

  it("draws no name on the title and actions cells", () => {
    expect(html).toMatch(/<td role="cell"[^>]*>Lucía Martín García<\/td>/);
    expect(html).toMatch(/<td role="cell"[^>]*><button type="button">Editar<\/button><\/td>/);
  });

  it("keeps the table's roles and its column names for screen readers", () => {
    for (const role of ["table", "rowgroup", "row", "columnheader", "cell"]) expect(html).toContain(`role="${role}"`);
    expect(html).toMatch(/<thead role="rowgroup"[^>]*class="[^"]*max-sm:sr-only/);
  });
});
