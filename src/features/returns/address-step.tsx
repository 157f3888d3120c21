import { useWatch } from 'react-hook-form';
import type { Address } from '@/api/schemas/common';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { AddressText } from './address-text';
import { ChoiceGroup, RadioOption } from './form-controls';
import { type AddressValues, addressDefaults, addressStepSchema } from './return-form';
import { LandingAlert, StepActions, StepHeading, type StepProps, card } from './wizard-parts';
import { useStepForm } from './use-step-form';

const deliveryAddress = (a: Address) => <AddressText address={a} />;

export function AddressStep({
  order,
  saved,
  landing,
  checkNow,
  onChange,
  onContinue,
  onBack,
}: StepProps<AddressValues>) {
  const { control, register, handleSubmit, formState } = useStepForm({
    schema: addressStepSchema,
    defaultValues: addressDefaults(order, saved),
    landing,
    checkNow,
    onChange,
  });
  const pickup = useWatch({ control, name: 'pickup' });
  const errors = formState.errors.address;

  return (
    <section aria-labelledby="return-step-heading" className={`${card} flex flex-col gap-4`}>
      <StepHeading step="address" />
      <LandingAlert landing={landing} />
      <Form
        submitCount={formState.submitCount}
        noValidate
        onSubmit={handleSubmit(onContinue)}
        className="flex flex-col gap-4"
      >
        <ChoiceGroup
          legend="Where should the courier collect the parcel?"
          error={formState.errors.pickup?.message}
          errorId="pickup-error"
        >
          <RadioOption
            value="delivery"
            label="From the delivery address"
            detail={deliveryAddress(order.shipping_address)}
            {...register('pickup')}
          />
          <RadioOption value="other" label="From another address" {...register('pickup')} />
        </ChoiceGroup>
        {pickup === 'other' ? (
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-lg font-semibold text-slate-900">Another address</legend>
            <Field
              label="First name"
              autoComplete="given-name"
              error={errors?.first_name?.message}
              {...register('address.first_name')}
            />
            <Field
              label="Last name (optional)"
              autoComplete="family-name"
              error={errors?.last_name?.message}
              {...register('address.last_name')}
            />
            <Field
              label="Phone"
              hint="10 digits, for the courier"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              error={errors?.phone?.message}
              {...register('address.phone')}
            />
            <Field
              label="Email (optional)"
              type="email"
              autoComplete="email"
              error={errors?.email?.message}
              {...register('address.email')}
            />
            <Field
              label="Address"
              hint="House number, building, street"
              autoComplete="address-line1"
              className="sm:col-span-2"
              error={errors?.address_line1?.message}
              {...register('address.address_line1')}
            />
            <Field
              label="Area or locality (optional)"
              autoComplete="address-line2"
              className="sm:col-span-2"
              error={errors?.address_line2?.message}
              {...register('address.address_line2')}
            />
            <Field
              label="Landmark (optional)"
              autoComplete="off"
              className="sm:col-span-2"
              error={errors?.landmark?.message}
              {...register('address.landmark')}
            />
            <Field
              label="City"
              autoComplete="address-level2"
              error={errors?.city?.message}
              {...register('address.city')}
            />
            <Field
              label="State"
              autoComplete="address-level1"
              error={errors?.state?.message}
              {...register('address.state')}
            />
            <Field
              label="Pincode"
              hint="6 digits"
              inputMode="numeric"
              autoComplete="postal-code"
              error={errors?.pincode?.message}
              {...register('address.pincode')}
            />
            <Field
              label="Country"
              autoComplete="country-name"
              error={errors?.country?.message}
              {...register('address.country')}
            />
          </fieldset>
        ) : null}
        <StepActions onBack={onBack} />
      </Form>
    </section>
  );
}
