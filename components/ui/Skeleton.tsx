export interface SkeletonProps {
  width?: number | string;
  height?: number;
  radius?: number | string;
  className?: string;
}

/** A placeholder block with a soft shimmer. Decorative: the container carries `aria-busy` and a label. */
export function Skeleton({ width = '100%', height = 12, radius, className }: SkeletonProps) {
  return (
    <span
      className={`ui-skeleton${className ? ` ${className}` : ''}`}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}

/** A ready-made loading block: avatar + lines, repeated. */
export function SkeletonList({ rows = 3, label = 'Loading', avatar = true }: { rows?: number; label?: string; avatar?: boolean }) {
  return (
    <div className="ui-skeleton-list" role="status" aria-busy="true" aria-live="polite">
      <span className="ui-visually-hidden">{label}…</span>
      {Array.from({ length: rows }, (_, i) => (
        <div className="ui-skeleton-row" key={i}>
          {avatar && <Skeleton width={32} height={32} radius="50%" />}
          <div className="ui-skeleton-row__lines">
            <Skeleton width={`${70 - ((i * 13) % 30)}%`} height={12} />
            <Skeleton width={`${45 - ((i * 7) % 15)}%`} height={10} />
          </div>
        </div>
      ))}
    </div>
  );
}
