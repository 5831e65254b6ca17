/** The landing illustration: a snare seen from above with sticks, and a session preview. */
export const HeroArt = () => (
  <div className="hero-art" aria-hidden="true">
    <svg viewBox="0 0 360 360" className="hero-art__drum">
      <defs>
        <radialGradient id="hero-head" cx="50%" cy="45%" r="60%">
          <stop offset="0%" stopColor="#fbf8f1" />
          <stop offset="100%" stopColor="#e6dcc6" />
        </radialGradient>
      </defs>
      <circle cx="180" cy="180" r="160" fill="#d18c1f" />
      <circle cx="180" cy="180" r="146" fill="#17263d" />
      <circle cx="180" cy="180" r="132" fill="url(#hero-head)" />
      <circle cx="180" cy="180" r="100" fill="none" stroke="#d9ccb1" strokeWidth="2" strokeDasharray="4 8" />
      <circle cx="180" cy="180" r="22" fill="#ece3d0" />
      {Array.from({ length: 10 }, (_, i) => {
        const angle = (i / 10) * Math.PI * 2;
        return (
          <circle
            key={i}
            cx={180 + Math.cos(angle) * 153}
            cy={180 + Math.sin(angle) * 153}
            r="6"
            fill="#f3c66f"
          />
        );
      })}
      <g strokeLinecap="round">
        <line x1="70" y1="40" x2="205" y2="205" stroke="#8a5300" strokeWidth="12" />
        <line x1="70" y1="40" x2="205" y2="205" stroke="#f3c66f" strokeWidth="8" />
        <line x1="300" y1="60" x2="160" y2="215" stroke="#8a5300" strokeWidth="12" />
        <line x1="300" y1="60" x2="160" y2="215" stroke="#f3c66f" strokeWidth="8" />
      </g>
    </svg>
    <div className="hero-art__card">
      <span className="hero-art__card-label">Today's session</span>
      <strong>45 min · Timing & Grooves</strong>
      <span className="hero-art__bars">
        <span style={{ width: '22%' }} />
        <span style={{ width: '41%' }} />
        <span style={{ width: '37%' }} />
      </span>
      <span className="hero-art__card-meta">Warm Up · 6 lessons · 92 bpm</span>
    </div>
  </div>
);
