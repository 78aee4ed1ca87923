import { KOZA_IMAGE_TYPES, KOZA_MAX_PHOTOS } from "@lagon/contracts/koza";
import { useEffect, useId, useMemo, useState } from "react";
import { countOf } from "../../lib/plural";

const ACCEPT = KOZA_IMAGE_TYPES.join(",");
const isImage = (f: File) => (KOZA_IMAGE_TYPES as readonly string[]).includes(f.type);

/** Object URLs for thumbnails, released when the files change or the picker goes away. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(
    () => () => {
      for (const u of urls) URL.revokeObjectURL(u);
    },
    [urls],
  );
  return urls;
}

function Thumbnails(props: { files: File[]; onRemove: (file: File) => void; label: (file: File) => string }) {
  const previews = usePreviews(props.files);
  if (props.files.length === 0) return null;
  return (
    <ul className="koza-thumbnails">
      {props.files.map((file, i) => (
        <li key={`${file.name}-${file.size}-${file.lastModified}`}>
          <img src={previews[i]} alt={props.label(file)} width={112} height={84} />
          <button
            type="button"
            className="koza-remove"
            aria-label={`Retirer ${props.label(file)}`}
            onClick={() => props.onRemove(file)}
          >
            Retirer
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The optional logo: one image, shown as a thumbnail, removable. */
export function LogoPicker(props: { logo: File | null; onChange: (logo: File | null) => void }) {
  const id = useId();
  return (
    <div className="koza-field">
      <label htmlFor={id}>Logo (optionnel)</label>
      <p className="koza-hint" id={`${id}-hint`}>
        Une image JPEG, PNG ou WebP.
      </p>
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const file = [...(e.target.files ?? [])].find(isImage);
          if (file) props.onChange(file);
          e.target.value = "";
        }}
      />
      <Thumbnails
        files={props.logo ? [props.logo] : []}
        onRemove={() => props.onChange(null)}
        label={(f) => `le logo ${f.name}`}
      />
    </div>
  );
}

/** Up to five photos: images only, extra ones dropped (and said so), each removable. */
export function PhotosPicker(props: { photos: File[]; onChange: (photos: File[]) => void }) {
  const id = useId();
  const [note, setNote] = useState("");
  return (
    <div className="koza-field">
      <label htmlFor={id}>Photos de vos réalisations (optionnel)</label>
      <p className="koza-hint" id={`${id}-hint`}>
        Jusqu'à {KOZA_MAX_PHOTOS} images JPEG, PNG ou WebP : elles illustrent vos pages.
      </p>
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        multiple
        aria-describedby={`${id}-hint`}
        disabled={props.photos.length >= KOZA_MAX_PHOTOS}
        onChange={(e) => {
          const chosen = [...(e.target.files ?? [])];
          const images = chosen.filter(isImage);
          const kept = [...props.photos, ...images].slice(0, KOZA_MAX_PHOTOS);
          const dropped = chosen.length - (kept.length - props.photos.length);
          setNote(
            dropped > 0
              ? `${countOf(dropped, "fichier non ajouté", "fichiers non ajoutés")} : ${KOZA_MAX_PHOTOS} images JPEG, PNG ou WebP au maximum.`
              : "",
          );
          props.onChange(kept);
          e.target.value = "";
        }}
      />
      <p className="koza-note" role="status">
        {note}
      </p>
      <Thumbnails
        files={props.photos}
        onRemove={(file) => {
          setNote("");
          props.onChange(props.photos.filter((p) => p !== file));
        }}
        label={(f) => `la photo ${f.name}`}
      />
    </div>
  );
}
