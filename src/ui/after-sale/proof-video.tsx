import { useState } from 'react';
import { parseProofVideo } from '../../../contract/lifecycle.ts';
import { uploadUrl } from '../../lib/uploads.ts';

/**
 * The proof of a puja: a link to the video, and on request an embed. Only allowlisted videos are
 * ever shown (parseProofVideo, the same check the server made), rebuilt from their id, never as
 * HTML; a YouTube or Vimeo player loads only when asked for (it is heavy, and talks to its
 * host), in an iframe sandboxed to what a player needs: its scripts and its own origin, no
 * forms, pop-ups or navigation of the shop's page.
 */
export function ProofVideo({ url }: { url: string }) {
  // Whether the visitor asked for the player: the view's own toggle, no data of a machine.
  const [playing, setPlaying] = useState(false);
  const video = parseProofVideo(url);
  if (!video) return null;
  if (video.kind === 'upload')
    return (
      <div className="proof-video">
        <video className="proof-video__frame" controls preload="metadata" src={uploadUrl(video.url)}>
          <a href={uploadUrl(video.url)}>Watch the puja video</a>
        </video>
      </div>
    );
  const host = video.kind === 'youtube' ? 'YouTube' : 'Vimeo';
  return (
    <div className="proof-video">
      {playing ? (
        <iframe
          className="proof-video__frame"
          title="Video of your puja"
          src={video.embedUrl}
          sandbox="allow-scripts allow-same-origin allow-presentation"
          allow="fullscreen; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
        />
      ) : (
        <button type="button" className="button button--primary" onClick={() => setPlaying(true)}>
          Play the video here
        </button>
      )}
      <a href={video.url} target="_blank" rel="noopener noreferrer" className="proof-video__link">
        Watch the puja video on {host}
      </a>
    </div>
  );
}
