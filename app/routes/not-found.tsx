/** Any path no route matches: a real 404 (status and page), shown by the root error boundary. */
export function loader() {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}

/** A form post to an unknown path is just as unknown. */
export function action() {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}
