import type { Device } from '@cardiomap/contract';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { DeviceSelect } from './DeviceSelect.tsx';
import { type SizeOption, SizesSelect } from './SizesSelect.tsx';

interface DeviceAndSizesFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** The field of the chosen device: one id, or a list of ids. */
  deviceField: FieldPath<T>;
  /** The field of the chosen sizes (an id list). */
  sizesField: FieldPath<T>;
  /** Element id of the device select. */
  id: string;
  /** Element id of the sizes select. */
  sizesId: string;
  label: string;
  devices: readonly Pick<Device, 'id' | 'name'>[];
  /** The sizes of the chosen devices; the sizes select shows only when there are some. */
  sizes: readonly SizeOption[];
  multiple?: boolean;
  disabled?: boolean;
  deviceHint?: string;
  sizesHint?: string;
  onDeviceChosen?: () => void;
  /** Fields shown between the devices and their sizes. */
  children?: ReactNode;
}

/** The required device select and the 'Sizes' select under it, as every ordering dialog shows them. */
export function DeviceAndSizesFields<T extends FieldValues>({
  control,
  deviceField,
  sizesField,
  id,
  sizesId,
  label,
  devices,
  sizes,
  multiple,
  disabled,
  deviceHint,
  sizesHint,
  onDeviceChosen,
  children,
}: DeviceAndSizesFieldsProps<T>) {
  return (
    <>
      <Controller
        control={control}
        name={deviceField}
        render={({ field, fieldState }) => (
          <DeviceSelect
            field={field}
            fieldState={fieldState}
            id={id}
            label={label}
            devices={devices}
            multiple={multiple}
            required
            disabled={disabled}
            hint={deviceHint}
            onChosen={onDeviceChosen}
          />
        )}
      />
      {children}
      {sizes.length > 0 && (
        <Controller
          control={control}
          name={sizesField}
          render={({ field, fieldState }) => (
            <SizesSelect field={field} fieldState={fieldState} id={sizesId} options={sizes} hint={sizesHint} />
          )}
        />
      )}
    </>
  );
}
