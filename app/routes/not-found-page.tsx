/** /404: the not-found page itself, with its status. */
export function loader() {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export default function NotFoundPage() {
  return null;
}
