"use client";

import { useQuery } from "@tanstack/react-query";
import { adminQueries } from "@/components/admin/queries";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { AddContent } from "./add-content-form";
import { ContentError, ContentLoading } from "./content-status";
import { LibraryItemRow } from "./library-item-row";
import { contentQueries } from "./queries";

// The administrator's library: per licence, its documents, videos and online-test links in the students' order.
export function ContentLibrary() {
  const licenses = useQuery(adminQueries.licenses());
  const items = useQuery(contentQueries.library());
  if (licenses.isPending || items.isPending) return <ContentLoading />;
  if (licenses.isError || items.isError) return <ContentError />;
  if (licenses.data.length === 0) return <p className="text-muted-foreground">No hay permisos. Crea uno en Permisos.</p>;
  return (
    <div className="flex flex-col gap-6">
      {licenses.data.map((license) => {
        const own = items.data.filter((i) => i.licenseId === license.id);
        return (
          <Card key={license.id} data-testid={`library-license-${license.code}`}>
            <CardHeader>
              <CardTitle>Permiso {license.name}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              {own.length === 0 ? (
                <p className="text-sm text-muted-foreground">Este permiso aún no tiene contenidos.</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {own.map((item, i) => (
                    <LibraryItemRow key={item.id} item={item} isFirst={i === 0} isLast={i === own.length - 1} />
                  ))}
                </ul>
              )}
              <AddContent licenseId={license.id} licenseName={license.name} />
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
