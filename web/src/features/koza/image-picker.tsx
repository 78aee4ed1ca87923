import { KOZA_IMAGE_TYPES, KOZA_MAX_PHOTOS } from "@lagon/contracts/koza";
import { useEffect, useId, useMemo, useState } from "react";
import { countOf } from "../../lib/plural";

const ACCEPT = KOZA_IMAGE_TYPES.join(",");
const isImage = (f: File) => (KOZA_IMAGE_TYPES as readonly string[]).includes(f.type);
/** Why a file chosen is not kept: not an image the server takes. */
const notAnImage = (f: File, what: string) =>
  `« ${f.name} » n'est pas une image JPEG, PNG ou WebP : ${what} non ajouté.`;

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
  const [note, setNote] = useState("");
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
          const file = e.target.files?.[0];
          if (file && isImage(file)) props.onChange(file);
          setNote(file && !isImage(file) ? notAnImage(file, "logo") : "");
          e.target.value = "";
        }}
      />
      <p className="koza-note" role="status">
        {note}
      </p>
      <Thumbnails
        files={props.logo ? [props.logo] : []}
        onRemove={() => props.onChange(null)}
        label={(f) => `le logo ${f.name}`}
      />
    </div>
  );
}

/** Up to five photos: images only, extra ones dropped (each refusal said with its reason), each removable. */
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
          const room = KOZA_MAX_PHOTOS - props.photos.length;
          const notes = chosen.filter((f) => !isImage(f)).map((f) => notAnImage(f, "fichier"));
          const extra = images.length - room;
          if (extra > 0) {
            notes.push(
              `${KOZA_MAX_PHOTOS} photos au maximum : ${countOf(extra, "photo non ajoutée", "photos non ajoutées")}.`,
            );
          }
          setNote(notes.join(" "));
          props.onChange([...props.photos, ...images.slice(0, Math.max(0, room))]);
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
