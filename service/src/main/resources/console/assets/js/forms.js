// What every form of the console does on submit: no page load, its button disabled while the write runs (so a
// double click sends nothing twice), and the API's error message and details shown inside the form.
import { busy, formValues } from './dom.js';
import { showError } from './notices.js';

export function onSubmit(form, button, errors, action) {
    form.addEventListener('submit', async (event) => {
        event.preventDefault();
        const values = formValues(form);
        await busy(button, async () => {
            try {
                await action(values);
                errors.replaceChildren();
            } catch (error) {
                showError(error, errors);
            }
        });
    });
}

/** What a button does: disabled while it runs; a failure shows the API's error in the slot, or at the top. */
export function act(button, action, slot) {
    return busy(button, async () => {
        try {
            await action();
        } catch (error) {
            showError(error, slot);
        }
    });
}
