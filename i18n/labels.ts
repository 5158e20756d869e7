import type { Field, FieldValue, ResourceDefinition, SystemField } from '../resources/schema';

type EnumFields<F> = { [K in keyof F as F[K] extends Field<unknown, 'enum' | 'enumList'> ? K : never]: F[K] };

/** The value of an enum field, or of one element of a multi-value (enumList) field. */
type EnumValue<V> = V extends readonly (infer E)[] ? E : V;

type LinesFields<F> = { [K in keyof F as F[K] extends { kind: 'lines'; lineFields: object } ? K : never]: F[K] };
type TotalsKeys<L> = L extends { totals?(lines: never): Record<infer TK, string> } ? TK & string : never;

/**
 * Labels of a lines field, under `resources.<name>.lines.<field>`: every line field, the enum values of
 * the line's enum fields and the totals shown under the lines (each key present only when needed).
 */
type LineLabels<L> = L extends { lineFields: infer LF }
  ? { fields: { [S in keyof LF & string]: string } } & (keyof EnumFields<LF> extends never
      ? unknown
      : { enums: { [S in keyof EnumFields<LF>]: Record<EnumValue<FieldValue<LF[S]>> & string, string> } }) &
      ([TotalsKeys<L>] extends [never] ? unknown : { totals: Record<TotalsKeys<L>, string> })
  : never;

/** The lifecycle actions a definition declares (none for a plain one). */
type ActionsOf<D> = D extends { actions: infer A } ? A : Record<never, never>;
/** Names of the actions' input fields: labelled under `fields` like the definition's own fields. */
type ActionInputNames<A> = {
  [K in keyof A]: A[K] extends { input?: infer I } ? keyof NonNullable<I> & string : never;
}[keyof A];

/**
 * The catalogue entry a definition needs: a label for every field (system fields included), every
 * enum value, every form section and every lifecycle action (`actions.<action>`). Typed from the definition, so adding a field or an enum value
 * without its label fails the type check in both languages.
 */
export type LabelsFor<D> =
  D extends ResourceDefinition<infer F>
    ? {
        name: string;
        fields: { [K in (keyof F & string) | SystemField | ActionInputNames<ActionsOf<D>>]: string };
        enums: { [K in keyof EnumFields<F>]: Record<EnumValue<FieldValue<F[K]>> & string, string> };
        sections: Record<D['views']['form']['sections'][number]['id'], string>;
      } & (keyof LinesFields<F> extends never
        ? unknown
        : { lines: { [K in keyof LinesFields<F>]: LineLabels<F[K]> } }) &
        (keyof ActionsOf<D> extends never ? unknown : { actions: Record<keyof ActionsOf<D> & string, string> }) & {
          /** The named filters of the list (views.list.presets); the labels test asks for each one. */
          presets?: Record<string, string>;
        }
    : never;
