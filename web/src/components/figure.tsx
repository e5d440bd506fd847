import { Statistic, type StatisticProps } from 'antd';
import { figureText } from '../lib/money.ts';

export interface FigureProps extends Omit<
  StatisticProps,
  'value' | 'suffix' | 'formatter' | 'precision' | 'valueRender' | 'styles'
> {
  value: number;
  /** Written after the number as the tables write it: a space before a unit, none before '%'. */
  unit?: string;
  /** Decimals shown (default: those the figure carries, at most 2). */
  digits?: number;
}

/**
 * A figure card's number and unit, read alike with the tables beside it (figureText): "29,811.7 h", "16%". The
 * number stays alone in the statistic's value (what a reader copies), the unit follows in its own span.
 */
export function Figure({ value, unit, digits, ...rest }: FigureProps) {
  const spaced = unit !== undefined && unit !== '%';
  return (
    <Statistic
      {...rest}
      value={value}
      formatter={() => figureText(value, '', digits)}
      valueRender={(node) => (spaced ? <>{node} </> : node)}
      suffix={unit}
      styles={{ suffix: { marginInlineStart: 0 } }}
    />
  );
}
