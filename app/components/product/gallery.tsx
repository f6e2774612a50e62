import { useEffect, useRef, useState } from "react";
import type { Translate } from "../../i18n/index.ts";
import { Dialog } from "../dialog.tsx";

/** Widths the image endpoint serves (160–1280 px); the browser picks one from srcset and sizes. */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280] as const;

export function productImageSrc(fileName: string, width: number) {
  return `/images/product/${width}/${encodeURIComponent(fileName)}`;
}

export function srcSet(fileName: string, widths: readonly number[] = IMAGE_WIDTHS) {
  return widths.map((w) => `${productImageSrc(fileName, w)} ${w}w`).join(", ");
}

/**
 * The product's images: a large one (the first loads eagerly with high priority, the others lazily) and thumbnails
 * to switch between them. The large image links to its 1280 px version (works without JavaScript); with
 * JavaScript it opens a zoom dialog instead, where arrow buttons page through the images.
 */
export function Gallery({
  images,
  name,
  t,
}: {
  images: { fileName: string; altText?: string | null }[];
  name: string;
  t: Translate;
}) {
  const [current, setCurrent] = useState(0);
  const [zoomed, setZoomed] = useState<number | null>(null);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const wasZoomed = useRef(false);
  // Closing the zoom returns focus to the large image now shown (the dialog may have paged to another one).
  useEffect(() => {
    if (zoomed === null && wasZoomed.current) links.current[current]?.focus();
    wasZoomed.current = zoomed !== null;
  }, [zoomed, current]);
  const total = images.length;
  if (!total) return null;
  // The merchant's alt text (decision 0057), else the product's name and the image's place.
  const alt = (i: number) =>
    images[i]?.altText || (total > 1 ? t("product.image.alt", { name, n: i + 1, total }) : name);
  return (
    <section aria-label={t("product.gallery")}>
      <div className="relative">
        {images.map((image, i) => (
          <a
            key={image.fileName}
            ref={(el) => {
              links.current[i] = el;
            }}
            href={productImageSrc(image.fileName, 1280)}
            hidden={i !== current}
            className="block cursor-zoom-in"
            onClick={(event) => {
              event.preventDefault();
              setZoomed(i);
            }}
            aria-label={`${t("product.zoom")}: ${alt(i)}`}
          >
            <img
              src={productImageSrc(image.fileName, 640)}
              srcSet={srcSet(image.fileName)}
              sizes="(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw"
              width={640}
              height={640}
              alt={alt(i)}
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : undefined}
              decoding={i === 0 ? undefined : "async"}
              className="aspect-square w-full rounded-lg bg-white object-cover"
            />
          </a>
        ))}
      </div>
      {total > 1 ? (
        <ul className="js-only mt-3 flex gap-2">
          {images.map((image, i) => (
            <li key={image.fileName}>
              <button
                type="button"
                onClick={() => setCurrent(i)}
                aria-pressed={i === current}
                aria-label={t("product.image.show", { n: i + 1, total })}
                className="block overflow-hidden rounded-md ring-2 ring-transparent aria-pressed:ring-stone-900"
              >
                <img
                  src={productImageSrc(image.fileName, 160)}
                  width={64}
                  height={64}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="size-16 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {zoomed !== null ? (
        <ZoomDialog
          images={images}
          index={zoomed}
          onIndex={(i) => {
            setZoomed(i);
            setCurrent(i);
          }}
          onClose={() => setZoomed(null)}
          alt={alt}
          t={t}
        />
      ) : null}
    </section>
  );
}

function ZoomDialog({
  images,
  index,
  onIndex,
  onClose,
  alt,
  t,
}: {
  images: { fileName: string }[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
  alt: (i: number) => string;
  t: Translate;
}) {
  const image = images[index];
  const total = images.length;
  const go = (delta: number) => onIndex((index + delta + total) % total);
  const goRef = useRef(go);
  goRef.current = go;
  // Left and right arrow keys page through the images while the dialog is open.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowRight") goRef.current(1);
      else if (event.key === "ArrowLeft") goRef.current(-1);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  if (!image) return null;
  return (
    <Dialog labelledBy="zoom-title" onClose={onClose} className="w-[min(72rem,calc(100%-2rem))]">
      <div className="flex items-center justify-between gap-4">
        <h2 id="zoom-title" className="font-semibold">
          {alt(index)}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="rounded border border-stone-400 px-3 py-1 hover:bg-stone-100"
        >
          {t("product.zoom.close")}
        </button>
      </div>
      <img
        src={productImageSrc(image.fileName, 1280)}
        srcSet={srcSet(image.fileName, [640, 960, 1280])}
        sizes="(min-width: 1152px) 1100px, 100vw"
        width={1280}
        height={1280}
        alt={alt(index)}
        className="mt-3 h-auto w-full bg-white object-contain"
      />
      {total > 1 ? (
        <div className="mt-3 flex justify-between">
          <button
            type="button"
            onClick={() => go(-1)}
            className="rounded border border-stone-400 px-3 py-1 hover:bg-stone-100"
          >
            {t("product.zoom.previous")}
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            className="rounded border border-stone-400 px-3 py-1 hover:bg-stone-100"
          >
            {t("product.zoom.next")}
          </button>
        </div>
      ) : null}
    </Dialog>
  );
}
