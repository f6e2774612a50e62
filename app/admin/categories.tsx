import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { placeAmongSiblings, wouldMakeCycle } from "#domain/catalog-structure.ts";
import type { Route } from "./+types/categories";
import { adminRequest } from "./api.server.ts";
import { type FormAnswer, formAnswer, formValues } from "./product-form.tsx";
import {
  CategoryFields,
  type CategoryRow,
  type CategoryValues,
  categoryInputOf,
  childrenMap,
  Outcome,
  parentChoices,
} from "./structure-form.tsx";
import type { AdminT } from "./texts.ts";
import { button, Notice, primary, useAdminT } from "./ui.tsx";

/**
 * /admin/categories (issue 15, decision 0056): the category tree, nested and collapsible, in the storefront's order.
 * Reorder siblings by the Move up / Move down buttons (plain forms: they work without JavaScript and by keyboard)
 * or by dragging a category's handle (@dnd-kit: a drop onto another level moves it under that parent); the
 * storefront's menus and lists follow at once. Below the tree: a new category. Support reads; owner and staff
 * change.
 */
const TREE_QUERY = `{ categories { categoryId parentId sortOrder active version name productCount childCount } }`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await adminRequest<{ categories: CategoryRow[] }>(request, context, TREE_QUERY);
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  if (!answer.data) throw new Response("Not available", { status: 503 });
  const url = new URL(request.url);
  return {
    categories: answer.data.categories,
    created: url.searchParams.get("created"),
    deleted: url.searchParams.get("deleted") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  if (values.intent === "create") {
    const answer = await adminRequest<{ createCategory: { id: number } }>(
      request,
      context,
      `mutation($input: AdminCategoryInput!) { createCategory(input: $input) { id } }`,
      { input: categoryInputOf(values) },
    );
    const id = answer.data?.createCategory.id;
    if (id) throw redirect(`/admin/categories?created=${id}`);
    return formAnswer("create", null, answer, values);
  }
  if (values.intent === "move") {
    const int = (v: string | undefined) => (v && Number.isSafeInteger(Number(v)) ? Number(v) : null);
    const answer = await adminRequest(
      request,
      context,
      `mutation($id: Int!, $v: Int!, $parent: Int, $pos: Int!) { moveCategory(categoryId: $id, version: $v, parentId: $parent, position: $pos) { version } }`,
      {
        id: int(values.categoryId) ?? 0,
        v: int(values.version) ?? 0,
        parent: int(values.parentId),
        pos: Math.max(0, int(values.position) ?? 0),
      },
    );
    return {
      ...formAnswer("move", null, answer, values),
      moved: int(values.categoryId),
      focus: values.focus ?? "",
    };
  }
  throw new Response("Bad request", { status: 400 });
}

export function meta() {
  return [{ title: "Mili · Categories" }];
}

/** The tree as it will be once a pending move is saved (shown at once, before the server answers). */
function withPendingMove(rows: readonly CategoryRow[], form: FormData | undefined): CategoryRow[] {
  if (!form) return [...rows];
  if (form.get("intent") !== "move") return [...rows];
  const id = Number(form.get("categoryId"));
  const parentRaw = String(form.get("parentId") ?? "");
  const parentId = parentRaw ? Number(parentRaw) : null;
  const position = Number(form.get("position"));
  const moved = rows.find((r) => r.categoryId === id);
  if (!moved) return [...rows];
  const siblings = rows
    .filter((r) => r.parentId === parentId && r.categoryId !== id)
    .map((r) => r.categoryId);
  const order = placeAmongSiblings(siblings, id, position);
  return rows
    .map((r) =>
      r.categoryId === id
        ? { ...r, parentId, sortOrder: order.indexOf(id) }
        : r.parentId === parentId
          ? { ...r, sortOrder: order.indexOf(r.categoryId) }
          : r,
    )
    .sort((a, b) => a.sortOrder - b.sortOrder || a.categoryId - b.categoryId);
}

const NEW_CATEGORY: CategoryValues = { parentId: null, active: true, texts: [] };

export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  const { t, may } = useAdminT();
  const editable = may("catalog.edit");
  const navigation = useNavigation();
  const submit = useSubmit();
  const rows = withPendingMove(loaderData.categories, navigation.formData);
  const children = childrenMap(rows);
  const [hydrated, setHydrated] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => setHydrated(true), []);
  const answer = (actionData ?? null) as (FormAnswer & { moved?: number | null; focus?: string }) | null;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const byId = useMemo(
    () => new Map(loaderData.categories.map((r) => [r.categoryId, r])),
    [loaderData.categories],
  );

  // After a keyboard move, the focus stays on the button that moved the category (or its other one at an end).
  useEffect(() => {
    if (!answer?.moved || !answer.focus) return;
    const other = answer.focus === "up" ? "down" : "up";
    const target =
      document.querySelector<HTMLButtonElement>(`#move-${answer.focus}-${answer.moved}:not([disabled])`) ??
      document.querySelector<HTMLButtonElement>(`#move-${other}-${answer.moved}`);
    target?.focus();
  }, [answer]);

  const move = (row: CategoryRow, parentId: number | null, position: number) => {
    const form = new FormData();
    form.set("intent", "move");
    form.set("categoryId", String(row.categoryId));
    form.set("version", String(row.version));
    form.set("parentId", parentId === null ? "" : String(parentId));
    form.set("position", String(position));
    submit(form, { method: "post", preventScrollReset: true });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const row = byId.get(Number(active.id));
    const target = byId.get(Number(over.id));
    if (!row || !target) return;
    const parents = new Map(loaderData.categories.map((r) => [r.categoryId, r.parentId]));
    if (wouldMakeCycle(parents, row.categoryId, target.parentId)) return;
    const siblings = (children.get(target.parentId) ?? []).map((r) => r.categoryId);
    move(row, target.parentId, siblings.indexOf(target.categoryId));
  };

  const nameOf = (id: string | number) => byId.get(Number(id))?.name ?? "";
  const toggle = (id: number) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const level = (parentId: number | null) => {
    const list = children.get(parentId) ?? [];
    return (
      <SortableContext items={list.map((r) => r.categoryId)} strategy={verticalListSortingStrategy}>
        <ul className={parentId === null ? "" : "ml-6 border-l border-stone-300 pl-2"}>
          {list.map((row, index) => (
            <TreeNode
              key={row.categoryId}
              t={t}
              row={row}
              index={index}
              last={index === list.length - 1}
              editable={editable}
              hydrated={hydrated}
              open={!collapsed.has(row.categoryId)}
              onToggle={() => toggle(row.categoryId)}
            >
              {(children.get(row.categoryId)?.length ?? 0) > 0 && !collapsed.has(row.categoryId)
                ? level(row.categoryId)
                : null}
            </TreeNode>
          ))}
        </ul>
      </SortableContext>
    );
  };

  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t("categories.title")}</h1>
      <p className="mb-4 max-w-3xl text-sm text-stone-700">{t("categories.help")}</p>
      {loaderData.created && !answer ? <Notice kind="ok">{t("categories.created")}</Notice> : null}
      {loaderData.deleted && !answer ? <Notice kind="ok">{t("categories.deleted")}</Notice> : null}
      {answer?.intent === "move" ? <Outcome answer={answer} okText={t("categories.moved")} /> : null}
      {!editable ? <Notice kind="error">{t("structure.readOnly")}</Notice> : null}
      <section aria-labelledby="tree-heading" className="mb-8 rounded border border-stone-300 bg-white p-4">
        <h2 id="tree-heading" className="mb-2 text-lg font-semibold">
          {t("categories.tree")}
        </h2>
        {rows.length === 0 ? (
          <p>{t("categories.empty")}</p>
        ) : (
          <DndContext
            id="category-tree"
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              screenReaderInstructions: { draggable: t("categories.dragHelp") },
              announcements: {
                onDragStart: ({ active }) => t("categories.dragStart", { name: nameOf(active.id) }),
                onDragOver: ({ active, over }) =>
                  over
                    ? t("categories.dragOver", { name: nameOf(active.id), over: nameOf(over.id) })
                    : undefined,
                onDragEnd: ({ active }) => t("categories.dragEnd", { name: nameOf(active.id) }),
                onDragCancel: ({ active }) => t("categories.dragCancel", { name: nameOf(active.id) }),
              },
            }}
          >
            {level(null)}
          </DndContext>
        )}
      </section>
      {editable ? (
        <section aria-labelledby="new-heading" className="max-w-3xl">
          <h2 id="new-heading" className="mb-2 text-lg font-semibold">
            {t("categories.new")}
          </h2>
          {answer?.intent === "create" ? <Outcome answer={answer} okText={t("categories.created")} /> : null}
          <Form method="post" key={loaderData.created ?? "new"}>
            <input type="hidden" name="intent" value="create" />
            <CategoryFields
              t={t}
              idPrefix="new"
              category={NEW_CATEGORY}
              parents={parentChoices(loaderData.categories)}
              answer={answer?.intent === "create" ? answer : null}
            />
            <button type="submit" className={primary}>
              {t("categories.create")}
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}

function TreeNode({
  t,
  row,
  index,
  last,
  editable,
  hydrated,
  open,
  onToggle,
  children,
}: {
  t: AdminT;
  row: CategoryRow;
  index: number;
  last: boolean;
  editable: boolean;
  hydrated: boolean;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: row.categoryId, disabled: !editable });
  const moveForm = (direction: "up" | "down") => {
    const disabled = direction === "up" ? index === 0 : last;
    return (
      <Form method="post" preventScrollReset className="inline">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="categoryId" value={row.categoryId} />
        <input type="hidden" name="version" value={row.version} />
        <input type="hidden" name="parentId" value={row.parentId ?? ""} />
        <input type="hidden" name="position" value={direction === "up" ? index - 1 : index + 1} />
        <input type="hidden" name="focus" value={direction} />
        <button
          type="submit"
          id={`move-${direction}-${row.categoryId}`}
          className={`${button} px-2 disabled:opacity-40`}
          disabled={disabled}
          aria-label={t(direction === "up" ? "categories.moveUp" : "categories.moveDown", { name: row.name })}
        >
          <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
        </button>
      </Form>
    );
  };
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`py-1 ${isDragging ? "relative z-10 opacity-80" : ""}`}
      data-category={row.categoryId}
    >
      <div className="flex flex-wrap items-center gap-2">
        {editable && hydrated ? (
          <button
            type="button"
            ref={setActivatorNodeRef}
            className="cursor-grab rounded border border-stone-400 px-1 text-stone-700"
            {...attributes}
            {...listeners}
            aria-label={t("categories.drag", { name: row.name })}
          >
            <span aria-hidden="true">⠿</span>
          </button>
        ) : null}
        {row.childCount > 0 && hydrated ? (
          <button
            type="button"
            className="w-6 rounded border border-stone-400 text-sm"
            aria-expanded={open}
            aria-label={t(open ? "categories.collapse" : "categories.expand", { name: row.name })}
            onClick={onToggle}
          >
            <span aria-hidden="true">{open ? "−" : "+"}</span>
          </button>
        ) : null}
        <Link to={`/admin/categories/${row.categoryId}`} className="font-medium underline">
          {row.name}
        </Link>
        {!row.active ? (
          <span className="rounded bg-stone-200 px-1 text-xs text-stone-800">{t("structure.hidden")}</span>
        ) : null}
        <span className="text-xs text-stone-700">{t("categories.products", { n: row.productCount })}</span>
        {editable ? (
          <span className="ml-auto flex gap-1">
            {moveForm("up")}
            {moveForm("down")}
          </span>
        ) : null}
      </div>
      {children}
    </li>
  );
}
