import { Link } from 'react-router';
import { isSafeLink, type MediaEntry } from '@pp/contract';
import { useMediaImage } from '../api/media-image';
import { useMediaList } from '../api/media-list';

function BannerImage({ entry }: { entry: MediaEntry }) {
  const image = useMediaImage(entry.imageId);
  if (!image.data) return <div className="banner-placeholder" aria-hidden="true" />;
  return <img className="banner-image" src={image.data} alt={entry.title} lang={entry.lang} />;
}

/** The dashboard's banners in staff's order; a banner links only where the checked link says. */
export function Banners() {
  const media = useMediaList();
  const items = media.data ?? [];
  if (items.length === 0) return null;
  return (
    <ul className="banners">
      {items.map((b) => {
        const image = <BannerImage entry={b} />;
        // Checked again here: the server refuses unsafe links, the portal never renders one either.
        const link = isSafeLink(b.linkUrl) ? b.linkUrl : '';
        return (
          <li key={b.id} className="banner">
            {link === '' ? (
              image
            ) : link.startsWith('/') ? (
              <Link to={link}>{image}</Link>
            ) : (
              <a href={link} target="_blank" rel="noopener noreferrer nofollow">
                {image}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
