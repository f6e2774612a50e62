import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { button, table, td, th } from "./ui.tsx";

/**
 * The back office's one list table (decision 0043): columns described once for @tanstack/react-table, rendered as a
 * semantic <table> with a <caption>. Sorting and paging stay on the server and in the URL (every list works
 * without JavaScript): a sortable column's header is a link that sorts by it, `aria-sort` says the current order.
 */
export interface ListColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned (amounts, counts). */
  numeric?: boolean;
  /** The column sorts the list: the link to the list sorted by it (the next direction). */
  sortHref?: string;
}

export interface ListSort {
  by: string;
  descending: boolean;
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
}: {
  caption: string;
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  sort?: ListSort;
}) {
  const defs: ColumnDef<T>[] = columns.map((c) => ({
    id: c.id,
    header: c.header,
    cell: (info) => c.cell(info.row.original),
    meta: c,
  }));
  const instance = useReactTable({
    data: rows as T[],
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(rowKey(row)),
    manualSorting: true,
    manualPagination: true,
  });
  const metaOf = (meta: unknown) => meta as ListColumn<T>;
  return (
    <div className="overflow-x-auto">
      <table className={table}>
        <caption className="mb-2 text-left text-sm">{caption}</caption>
        <thead>
          {instance.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const col = metaOf(header.column.columnDef.meta);
                const sorted =
                  sort?.by === col.id ? (sort.descending ? "descending" : "ascending") : undefined;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={col.sortHref ? (sorted ?? "none") : undefined}
                    className={`${th}${col.numeric ? " text-right" : ""}`}
                  >
                    {col.sortHref ? (
                      <Link to={col.sortHref} className="underline underline-offset-4">
                        {col.header}
                        {sorted ? (
                          <span aria-hidden="true">{sorted === "ascending" ? " ▲" : " ▼"}</span>
                        ) : null}
                      </Link>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {instance.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td
                  key={cell.id}
                  className={`${td}${metaOf(cell.column.columnDef.meta).numeric ? " text-right" : ""}`}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Previous and next page links under a list. */
export function Pager({
  label,
  previous,
  next,
  previousText,
  nextText,
}: {
  label: string;
  previous: string | null;
  next: string | null;
  previousText: string;
  nextText: string;
}) {
  return (
    <nav aria-label={label} className="mt-4 flex gap-3">
      {previous && (
        <Link to={previous} className={button}>
          {previousText}
        </Link>
      )}
      {next && (
        <Link to={next} className={button}>
          {nextText}
        </Link>
      )}
    </nav>
  );
}
