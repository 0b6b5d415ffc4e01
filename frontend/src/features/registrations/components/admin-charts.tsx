import { useId } from 'react';
import type { ReactNode } from 'react';
import type { SlotTotals } from '../api/get-registration-page';
import type { DayCount } from '../api/get-registrations-per-day';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import type { AdminText } from '../../../lib/admin-session/use-admin-text';
import { seatsPerSlot } from '../model/chart-data';
import { slotBadge } from '../model/slot-grouping';
import { usePlaceNames } from '../../../lib/admin-session/place-names';
import { findSlot, useEvents } from '../../../lib/catalogue';

const CHART_WIDTH = 460;
const MAX_DAYS = 14;

/**
 * Two light charts: seats per slot against the limit (the slots still to come), registrations
 * per day.
 */
export function AdminCharts({
  days: dayCounts,
  slots: slotTotals,
}: {
  days: DayCount[] | undefined;
  slots: SlotTotals[] | undefined;
}) {
  const t = useAdminText();
  const titleId = useId();
  const slots = seatsPerSlot(slotTotals);
  const days = (dayCounts ?? []).slice(-MAX_DAYS);

  return (
    <section className="admin-panel admin-charts" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('admin.chart.title')}</h2>
      <div className="admin-charts__grid">
        <ChartFigure caption={t('admin.chart.seats')} empty={slots.length === 0}>
          <SeatsChart slots={slots} t={t} />
        </ChartFigure>
        <ChartFigure caption={t('admin.chart.days')} empty={days.length === 0}>
          <DaysChart days={days} t={t} />
        </ChartFigure>
      </div>
    </section>
  );
}

/** A chart under its caption, or the line saying there is nothing to draw yet. */
function ChartFigure({
  caption,
  empty,
  children,
}: {
  caption: string;
  empty: boolean;
  children: ReactNode;
}) {
  const t = useAdminText();
  return (
    <figure className="admin-chart">
      <figcaption>{caption}</figcaption>
      {empty ? <p className="muted">{t('admin.chart.empty')}</p> : children}
    </figure>
  );
}

/** A chart's drawing, its bars listed for screen readers (each names what it shows). */
function ChartSvg({ height, children }: { height: number; children: ReactNode }) {
  return (
    <svg
      className="admin-chart__svg"
      viewBox={`0 0 ${CHART_WIDTH} ${height}`}
      role="list"
      preserveAspectRatio="xMinYMin meet"
    >
      {children}
    </svg>
  );
}

/**
 * Seats per slot as a list of bars in the page's own text: each slot's full name above its bar
 * (it wraps on a phone rather than being cut), the figures beside it, all read by screen readers.
 */
function SeatsChart({ slots, t }: { slots: ReturnType<typeof seatsPerSlot>; t: AdminText }) {
  const events = useEvents();
  const names = usePlaceNames();
  return (
    <ul className="seats-chart">
      {slots.map((slot) => {
        const limit = Math.max(slot.limit, 1);
        const share = Math.min(slot.registered / limit, 1);
        const badge = slotBadge(
          slot.registered,
          slot.limit,
          findSlot(events.data, slot.event, slot.time)?.slot,
        );
        return (
          <li key={`${slot.event}-${slot.time}`} className="seats-chart__slot">
            <span className="seats-chart__label">
              {t('admin.landing.slot', {
                event: names.event(slot.event),
                time: names.slot(slot.event, slot.time),
              })}
            </span>
            <span className="seats-chart__track" aria-hidden="true">
              <span
                className={`seats-chart__bar admin-chart__bar--${badge}`}
                style={{ width: `${share * 100}%` }}
              />
            </span>
            <span className="seats-chart__value">
              {t('admin.chart.seatsOf', {
                taken: slot.registered,
                limit: slot.limit,
                waiting: slot.waitingList,
              })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function DaysChart({ days, t }: { days: DayCount[]; t: AdminText }) {
  const height = 150;
  const top = 18;
  const bottom = 24;
  const max = Math.max(...days.map((day) => day.count), 1);
  const slotWidth = CHART_WIDTH / Math.max(days.length, 1);
  const barWidth = Math.min(36, slotWidth * 0.7);
  return (
    <ChartSvg height={height}>
      {days.map((day, index) => {
        const barHeight = (day.count / max) * (height - top - bottom);
        const x = index * slotWidth + (slotWidth - barWidth) / 2;
        const y = height - bottom - barHeight;
        return (
          <g
            key={day.day}
            role="listitem"
            aria-label={t('admin.chart.dayBar', { day: day.day, count: day.count })}
          >
            <rect
              x={x}
              y={y}
              width={barWidth}
              height={barHeight}
              rx={3}
              className="admin-chart__bar"
            />
            <text x={x + barWidth / 2} y={y - 4} textAnchor="middle" className="admin-chart__value">
              {day.count}
            </text>
            <text
              x={x + barWidth / 2}
              y={height - 6}
              textAnchor="middle"
              className="admin-chart__label"
            >
              {day.day.slice(5)}
            </text>
          </g>
        );
      })}
    </ChartSvg>
  );
}
