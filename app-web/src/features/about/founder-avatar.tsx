import type { Founder } from './founders';

/** Drawn portraits (no photos): the teacher with sticks, the developer with a laptop. */
export const FounderAvatar = ({ founder }: { founder: Founder }) => (
  <svg
    viewBox="0 0 160 160"
    className="founder__avatar"
    role="img"
    aria-label={`Illustration of ${founder.name}`}
  >
    <circle cx="80" cy="80" r="80" fill={founder.id === 'teacher' ? '#17263d' : '#22364f'} />
    <circle cx="80" cy="80" r="68" fill="none" stroke="#e3a33b" strokeWidth="3" strokeDasharray="2 9" />
    {/* shoulders */}
    <path d="M30 150c4-30 24-44 50-44s46 14 50 44" fill={founder.id === 'teacher' ? '#e3a33b' : '#f7f3ea'} />
    {/* neck and head */}
    <rect x="70" y="88" width="20" height="20" rx="6" fill="#d9a47c" />
    <ellipse cx="80" cy="66" rx="25" ry="28" fill="#e8b890" />
    {founder.id === 'teacher' ? (
      <>
        {/* short hair and beard */}
        <path d="M55 62c0-20 12-30 25-30s25 10 25 30c-4-10-12-14-25-14s-21 4-25 14z" fill="#3b2a20" />
        <path d="M57 72c2 16 11 24 23 24s21-8 23-24c-5 8-13 10-23 10s-18-2-23-10z" fill="#3b2a20" />
        <path d="M72 84h16" stroke="#e8b890" strokeWidth="3" strokeLinecap="round" />
        {/* sticks */}
        <path d="M18 120L52 96M142 120L108 96" stroke="#f3c66f" strokeWidth="6" strokeLinecap="round" />
      </>
    ) : (
      <>
        {/* long hair and glasses */}
        <path
          d="M53 70c-2-26 10-40 27-40s29 14 27 40c0 14 2 26 6 34-10 0-16-8-17-22 1-14-4-22-16-26-12 4-17 12-16 26-1 14-7 22-17 22 4-8 6-20 6-34z"
          fill="#7a3e1d"
        />
        <circle cx="70" cy="68" r="7" fill="none" stroke="#0f1b2d" strokeWidth="2.5" />
        <circle cx="90" cy="68" r="7" fill="none" stroke="#0f1b2d" strokeWidth="2.5" />
        <path d="M77 68h6" stroke="#0f1b2d" strokeWidth="2.5" />
        <path d="M73 82c4 3 10 3 14 0" stroke="#9b5a3c" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        {/* laptop */}
        <path d="M48 128h64l8 14H40z" fill="#a7b3c4" />
        <rect x="54" y="112" width="52" height="18" rx="3" fill="#4a5d78" />
        <circle cx="80" cy="121" r="3" fill="#e3a33b" />
      </>
    )}
    {founder.id === 'teacher' ? (
      <>
        <circle cx="70" cy="66" r="2.6" fill="#0f1b2d" />
        <circle cx="90" cy="66" r="2.6" fill="#0f1b2d" />
      </>
    ) : null}
  </svg>
);
