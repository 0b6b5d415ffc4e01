/**
 * Intl's formatters, each made once per locale and options and kept: making one costs far more
 * than using it (ICU loads the locale's data: tens of microseconds, and native memory the
 * garbage collector sees late), and an export or a rush formats a date or an amount per row.
 * The locales and zones are the tour's and the site's few, so the kept ones stay few; past
 * FORMATS_KEPT (inputs nobody expected), the oldest go.
 */
const FORMATS_KEPT = 500;

function keeper<F, O>(make: (locale: string | undefined, options: O) => F) {
  const kept = new Map<string, F>();
  return (locale: string | undefined, options: O): F => {
    const key = `${locale ?? ''}\u0000${JSON.stringify(options)}`;
    let format = kept.get(key);
    if (!format) {
      format = make(locale, options);
      if (kept.size >= FORMATS_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(key, format);
    }
    return format;
  };
}

/** new Intl.DateTimeFormat(locale, options), made once. */
export const dateTimeFormat = keeper(
  (locale: string | undefined, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, options),
);

/** new Intl.NumberFormat(locale, options), made once. */
export const numberFormat = keeper(
  (locale: string | undefined, options: Intl.NumberFormatOptions) =>
    new Intl.NumberFormat(locale, options),
);
