import { useId } from 'react';

/**
 * The hero's drawing, a dial in the brand's gold on night blue, drawn with the page: an image file
 * would be asked for only once Home's code has run, and the page's largest picture would come last.
 */
export function HeroArt({ className }: { className?: string }) {
  const rosette = useId();
  return (
    <svg
      className={className}
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 1200 520"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="0" y="0" width="1200" height="520" fill="#1E2A3A" />
      <g fill="none" stroke="#B08D57" strokeWidth="0.8">
        <circle cx="600" cy="260" r="262" strokeOpacity="0.35" />
        <circle cx="600" cy="260" r="300" strokeOpacity="0.22" />
        <circle cx="600" cy="260" r="352" strokeOpacity="0.16" />
        <circle cx="600" cy="260" r="420" strokeOpacity="0.12" />
        <circle cx="600" cy="260" r="505" strokeOpacity="0.09" />
        <circle cx="600" cy="260" r="610" strokeOpacity="0.07" />
      </g>
      <path
        d="M0 400C15 395.33 61.67 383.67 90 372C118.33 360.33 150.83 338.33 170 330C189.17 321.67 194.17 318.33 205 322C215.83 325.67 219.17 340.33 235 352C250.83 363.67 279.17 383.33 300 392C320.83 400.67 350 402 360 404M840 404C855 402 901.67 396.67 930 392C958.33 387.33 983.33 377.33 1010 376C1036.67 374.67 1058.33 384.67 1090 384C1121.67 383.33 1181.67 374 1200 372"
        fill="none"
        stroke="#B08D57"
        strokeWidth="0.8"
        strokeOpacity="0.3"
      />
      <path
        d="M0 424C20 422.33 78.33 414.67 120 414C161.67 413.33 210 419.33 250 420C290 420.67 341.67 418.33 360 418M840 418C860 416.67 920 410 960 410C1000 410 1040 418 1080 418C1120 418 1180 411.33 1200 410"
        fill="none"
        stroke="#B08D57"
        strokeWidth="0.6"
        strokeOpacity="0.2"
      />
      <path
        d="M0 446H360M840 446H1200M40 462H300M900 462H1160M110 478H230M960 478H1080"
        stroke="#B08D57"
        strokeWidth="0.6"
        strokeOpacity="0.16"
      />
      <circle
        cx="600"
        cy="260"
        r="222"
        fill="#14171C"
        fillOpacity="0.35"
        stroke="#B08D57"
        strokeWidth="1.6"
      />
      <circle cx="600" cy="260" r="215" fill="none" stroke="#B08D57" strokeWidth="0.5" />
      <circle
        cx="600"
        cy="260"
        r="99"
        fill="none"
        stroke="#B08D57"
        strokeWidth="198"
        strokeDasharray="0.550 2.906"
        strokeOpacity="0.28"
      />
      <circle
        cx="600"
        cy="260"
        r="207"
        fill="none"
        stroke="#B08D57"
        strokeWidth="10"
        strokeDasharray="0.900 20.777"
        strokeDashoffset="0.450"
        strokeOpacity="0.85"
      />
      <circle
        cx="600"
        cy="260"
        r="210"
        fill="none"
        stroke="#B08D57"
        strokeWidth="4"
        strokeDasharray="0.350 4.048"
        strokeDashoffset="0.175"
        strokeOpacity="0.5"
      />
      <circle
        cx="600"
        cy="260"
        r="198"
        fill="none"
        stroke="#B08D57"
        strokeWidth="0.5"
        strokeOpacity="0.6"
      />
      <path
        d="M676 128.36L695 95.46M731.64 184L764.54 165M752 260L790 260M731.64 336L764.54 355M676 391.64L695 424.54M600 412L600 450M524 391.64L505 424.54M468.36 336L435.46 355M448 260L410 260M468.36 184L435.46 165M524 128.36L505 95.46"
        stroke="#B08D57"
        strokeWidth="5"
      />
      <path
        d="M676.5 127.5L694.5 96.32M732.5 183.5L763.68 165.5M753 260L789 260M732.5 336.5L763.68 354.5M676.5 392.5L694.5 423.68M600 413L600 449M523.5 392.5L505.5 423.68M467.5 336.5L436.32 354.5M447 260L411 260M467.5 183.5L436.32 165.5M523.5 127.5L505.5 96.32"
        stroke="#14171C"
        strokeWidth="1"
        strokeOpacity="0.5"
      />
      <path d="M594 70V114M606 70V114" stroke="#B08D57" strokeWidth="5" />
      <circle cx="600" cy="260" r="78" fill="#1E2A3A" stroke="#B08D57" strokeWidth="0.8" />
      <g
        transform="translate(600 260)"
        fill="none"
        stroke="#B08D57"
        strokeWidth="0.45"
        strokeOpacity="0.6"
      >
        <g id={rosette}>
          <circle cx="0" cy="-34" r="40" />
          <circle cx="4.44" cy="-33.71" r="40" />
          <circle cx="8.8" cy="-32.84" r="40" />
          <circle cx="13.01" cy="-31.41" r="40" />
          <circle cx="17" cy="-29.44" r="40" />
          <circle cx="20.7" cy="-26.97" r="40" />
        </g>
        <use href={`#${rosette}`} transform="rotate(45)" />
        <use href={`#${rosette}`} transform="rotate(90)" />
        <use href={`#${rosette}`} transform="rotate(135)" />
        <use href={`#${rosette}`} transform="rotate(180)" />
        <use href={`#${rosette}`} transform="rotate(225)" />
        <use href={`#${rosette}`} transform="rotate(270)" />
        <use href={`#${rosette}`} transform="rotate(315)" />
      </g>
      <circle
        cx="600"
        cy="260"
        r="74"
        fill="none"
        stroke="#B08D57"
        strokeWidth="0.4"
        strokeOpacity="0.6"
      />
      <path d="M613.26 268.95L594.41 268.29L493.88 188.42Z" fill="#B08D57" />
      <path d="M613.26 268.95L605.59 251.71L493.88 188.42Z" fill="#B08D57" fillOpacity="0.62" />
      <path d="M583.82 271.76L595.3 253.53L753.71 148.32Z" fill="#B08D57" />
      <path d="M583.82 271.76L604.7 266.47L753.71 148.32Z" fill="#B08D57" fillOpacity="0.62" />
      <path d="M615.73 216.77L529.89 452.64" stroke="#F7F4EE" strokeWidth="1.2" />
      <path d="M600 260L615.73 216.77" stroke="#F7F4EE" strokeWidth="3.2" />
      <circle cx="600" cy="260" r="9" fill="#B08D57" />
      <circle cx="600" cy="260" r="3" fill="#1E2A3A" />
    </svg>
  );
}
