import type { DrinkDetail } from '@coffee-guide/contracts';
import { CAFFEINE_DAILY_LIMIT_MG, CAFFEINE_SOURCE, drinkValue, formatValue } from '@coffee-guide/contracts';
import { CaffeineMeter, figuresOf } from './drink-value';
import classes from './drink-value.module.css';

/** The drink page's section: every size's value and caffeine figures, and its caffeine against 400 mg a day. */
export function ValueTable({ drink, sizeLabel }: { drink: DrinkDetail; sizeLabel: (size: string, ounces: number) => string }) {
  return (
    <>
      <div className={classes.scroll}>
        <table className={classes.table} data-testid="value-table">
          <caption>Every figure is an estimate: prices and nutrition are this guide&apos;s own model.</caption>
          <thead>
            <tr>
              <th scope="col">Size</th>
              <th scope="col">Price per fl oz (est.)</th>
              <th scope="col">Caffeine per fl oz (est.)</th>
              <th scope="col">Caffeine per dollar (est.)</th>
              <th scope="col">Caffeine of 400 mg a day</th>
            </tr>
          </thead>
          <tbody>
            {drink.sizeDetails.map((s) => {
              const f = figuresOf(s);
              const v = drinkValue(f);
              return (
                <tr key={s.size} data-size={s.size}>
                  <th scope="row">{sizeLabel(s.size, s.ounces)}</th>
                  <td data-testid="price-per-oz">{formatValue.pricePerOz(v.pricePerOz)}</td>
                  <td>{formatValue.caffeinePerOz(v.caffeinePerOz)}</td>
                  <td data-testid="caffeine-per-dollar">{formatValue.caffeinePerDollar(v.caffeinePerDollar)}</td>
                  <td className={classes.meterCell}>
                    {f.caffeine === null ? (
                      '–'
                    ) : (
                      <>
                        <span>
                          {f.caffeine} mg ({Math.round((v.caffeineShareOfDay ?? 0) * 100)}%)
                        </span>
                        <CaffeineMeter caffeine={f.caffeine} />
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <CaffeineNote />
    </>
  );
}

/** The meter's note and its source. */
export function CaffeineNote() {
  return (
    <p className={classes.note}>
      {CAFFEINE_DAILY_LIMIT_MG} mg of caffeine a day is the amount the FDA cites as not generally linked to negative effects in healthy
      adults; pregnancy, some medicines and sensitivity lower it. Source:{' '}
      <a href={CAFFEINE_SOURCE.url} rel="noopener noreferrer" target="_blank">
        {CAFFEINE_SOURCE.label}
      </a>
      .
    </p>
  );
}
