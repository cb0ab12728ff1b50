/**
 * How the charts tell their series apart without relying on colour: each series has a colour
 * (at least 3:1 against the white card, as WCAG asks of graphics) and also a texture for
 * bars, a dash for lines and a marker shape for points; the legend shows the same.
 */

export interface SeriesStyle {
  colour: string;
  /** White marks drawn over the colour: none, stripes, dots, lines... */
  texture: 'solid' | 'stripes' | 'dots' | 'horizontal' | 'grid' | 'vertical' | 'backslash';
  dash: string;
  marker: 'circle' | 'square' | 'triangle' | 'diamond';
}

export const STYLES: readonly SeriesStyle[] = [
  { colour: '#1f4fd1', texture: 'solid', dash: '', marker: 'circle' },
  { colour: '#b3471d', texture: 'stripes', dash: '7 4', marker: 'square' },
  { colour: '#1d6b35', texture: 'dots', dash: '2 3', marker: 'triangle' },
  { colour: '#7a2e8e', texture: 'horizontal', dash: '10 3 2 3', marker: 'diamond' },
  { colour: '#4d4d4d', texture: 'grid', dash: '4 2', marker: 'circle' },
  { colour: '#a4161a', texture: 'vertical', dash: '1 2', marker: 'square' },
  { colour: '#00727a', texture: 'backslash', dash: '12 4', marker: 'triangle' },
];

export function styleOf(index: number): SeriesStyle {
  return STYLES[index % STYLES.length]!;
}

function textureMarks(texture: SeriesStyle['texture']) {
  const line = { stroke: '#fff', strokeWidth: 1.5, strokeOpacity: 0.85 };
  switch (texture) {
    case 'solid':
      return null;
    case 'stripes':
      return <path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" {...line} />;
    case 'backslash':
      return <path d="M-2,6 l4,4 M0,0 l8,8 M6,-2 l4,4" {...line} />;
    case 'dots':
      return <circle cx="4" cy="4" r="1.6" fill="#fff" fillOpacity="0.9" />;
    case 'horizontal':
      return <path d="M0,4 h8" {...line} />;
    case 'vertical':
      return <path d="M4,0 v8" {...line} />;
    case 'grid':
      return <path d="M0,4 h8 M4,0 v8" {...line} strokeWidth={1} />;
  }
}

/** The fill of series `index` in the SVG whose patterns carry the id prefix `id`. */
export function fillOf(id: string, index: number): string {
  return styleOf(index).texture === 'solid' ? styleOf(index).colour : `url(#${id}-texture-${index})`;
}

/** One <pattern> per series (or only series `only`), for an SVG's <defs>. */
export function Textures({ id, count, only }: { id: string; count: number; only?: number }) {
  return (
    <defs>
      {Array.from({ length: count }, (_, index) => {
        const style = styleOf(index);
        if (style.texture === 'solid' || (only !== undefined && only !== index)) return null;
        return (
          <pattern key={index} id={`${id}-texture-${index}`} width="8" height="8" patternUnits="userSpaceOnUse">
            <rect width="8" height="8" fill={style.colour} />
            {textureMarks(style.texture)}
          </pattern>
        );
      })}
    </defs>
  );
}

/** A point's marker, centred on (x, y). */
export function Marker({ index, x, y, size = 4 }: { index: number; x: number; y: number; size?: number }) {
  const style = styleOf(index);
  const common = { fill: style.colour, stroke: '#fff', strokeWidth: 1 };
  switch (style.marker) {
    case 'circle':
      return <circle cx={x} cy={y} r={size} {...common} />;
    case 'square':
      return <rect x={x - size} y={y - size} width={size * 2} height={size * 2} {...common} />;
    case 'triangle':
      return <path d={`M${x},${y - size * 1.2} L${x + size * 1.1},${y + size * 0.9} L${x - size * 1.1},${y + size * 0.9} Z`} {...common} />;
    case 'diamond':
      return <path d={`M${x},${y - size * 1.3} L${x + size * 1.3},${y} L${x},${y + size * 1.3} L${x - size * 1.3},${y} Z`} {...common} />;
  }
}
