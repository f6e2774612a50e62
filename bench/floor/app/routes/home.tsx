/** The empty page: a title, a description, a heading and a sentence, hydrated like any React Router page. */
export function meta() {
  return [
    { title: "Tom side" },
    { name: "description", content: "En tom React Router-side: gulvet for målingene." },
  ];
}

export default function Home() {
  return (
    <main>
      <h1>Tom side</h1>
      <p>En tom React Router-side, servert i produksjonsmodus: gulvet for Lighthouse-målingene.</p>
    </main>
  );
}
