/**
 * A widget whose code is a chunk of its own (the long selects' combobox, the file picker): most forms never need
 * it, so it loads with the first field that does.
 */
import type { ComponentType, ReactElement } from 'react';

import { useOnDemand, type OnDemand } from '../../shared/on-demand.js';
import { FieldLabel, readLabels, type KitWidgetProps } from './parts.js';

/**
 * The widget `chunk` gives, drawn in the first render once it has arrived; until then the field's name over a
 * frame (class `className`) that says it is busy. A failed load is tried again when the field next mounts.
 */
export function onDemandWidget(
  chunk: OnDemand<ComponentType<KitWidgetProps>>,
  className: string,
): (props: KitWidgetProps) => ReactElement {
  return function OnDemandWidget(props: KitWidgetProps) {
    const Loaded = useOnDemand(chunk, true);
    if (Loaded !== undefined) return <Loaded {...props} />;
    const { id, label, hideLabel, required, registry } = props;
    return (
      <div className={className} aria-busy="true">
        <FieldLabel
          as="span"
          id={id}
          label={label}
          hideLabel={hideLabel}
          required={required}
          labels={readLabels(registry)}
        />
      </div>
    );
  };
}
