import type { DrinkDetail } from '@coffee-guide/contracts';
import { drinkValue, formatValue } from '@coffee-guide/domain';
import { CaffeineMeter, CaffeineNote, figuresOf } from './drink-value';
import classes from './drink-value.module.css';

/** The drink page's section: every size's value and caffeine figures, and its caffeine against 400 mg a day. */
export function ValueTable({
  drink,
  sizeLabel,
}: {
  drink: DrinkDetail;
  sizeLabel: (size: string, ounces: number) => string;
}) {
  return (
    <>
      <div
        className={classes.scroll}
        tabIndex={0}
        role="region"
        aria-label="Value and caffeine by size, scrolls sideways"
      >
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
