import Link from 'next/link';
import type { CalibrationBin } from '@/lib/calls/calls';
import styles from './call-record.module.css';

/**
 * A fan's calibration (docs/product.md#calls), drawn on the server as SVG: for each bin of the crowd's odds at the
 * lock (across), how often the fan's calls in it hit (up). On the diagonal the fan hits as often as the crowd
 * expected; above it they beat the crowd. Each point is a link to the calls of its bin, sized by how many there are;
 * the list under it says the same in words.
 */

const W = 320;
const H = 220;
const PAD = { left: 40, right: 12, top: 12, bottom: 34 };
const x = (odds: number) => PAD.left + ((odds - 0.1) / 0.8) * (W - PAD.left - PAD.right);
const y = (rate: number) => H - PAD.bottom - rate * (H - PAD.top - PAD.bottom);
const pct = (n: number) => `${Math.round(n * 100)}%`;

export function CalibrationChart({ bins, hrefFor }: { bins: CalibrationBin[]; hrefFor(bin: number): string }) {
  const most = Math.max(1, ...bins.map((b) => b.calls));
  return (
    <figure className={styles.chart}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="calibration-title" className={styles.svg}>
        <title id="calibration-title">Hit rate by the crowd’s odds at the lock</title>
        {[0, 0.5, 1].map((rate) => (
          <g key={rate}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(rate)} y2={y(rate)} className={styles.grid} />
            <text x={PAD.left - 6} y={y(rate) + 4} textAnchor="end" className={styles.axis}>
              {pct(rate)}
            </text>
          </g>
        ))}
        {[0.1, 0.3, 0.5, 0.7, 0.9].map((odds) => (
          <text key={odds} x={x(odds)} y={H - PAD.bottom + 16} textAnchor="middle" className={styles.axis}>
            {pct(odds)}
          </text>
        ))}
        <text x={(PAD.left + W - PAD.right) / 2} y={H - 4} textAnchor="middle" className={styles.axis}>
          Crowd’s odds
        </text>
        {/* Where a fan who is no better than the crowd would be. */}
        <line x1={x(0.1)} y1={y(0.1)} x2={x(0.9)} y2={y(0.9)} className={styles.diagonal} />
        {bins.map((bin) => {
          const mid = (bin.from + bin.to) / 2;
          const rate = bin.hits / bin.calls;
          return (
            <a key={bin.bin} href={hrefFor(bin.bin)} aria-label={`${pct(bin.from)} to ${pct(bin.to)}: ${bin.hits} of ${bin.calls} hit`}>
              <circle cx={x(mid)} cy={y(rate)} r={5 + 7 * Math.sqrt(bin.calls / most)} className={styles.point} />
            </a>
          );
        })}
      </svg>
      <figcaption className={styles.caption}>
        On the line, you hit as often as the crowd expected; above it, more often. Each point opens its calls:
        <ul className={styles.bins}>
          {bins.map((bin) => (
            <li key={bin.bin}>
              <Link href={hrefFor(bin.bin)} scroll={false} prefetch={false}>
                {pct(bin.from)}–{pct(bin.to)}
              </Link>{' '}
              {bin.hits}/{bin.calls}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
