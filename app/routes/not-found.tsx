/** Any path no route matches: a real 404 (status and page), shown by the root error boundary. */
export function loader() {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
