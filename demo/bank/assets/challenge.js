// Challenge page (sandbox): keeps the parent's origin for the completion page (the code and Cancel
// both post it), checks for an empty code before posting, and announces errors (role="alert")
// with focus on the field.
(() => {
  const form = document.getElementById('acs-form');
  const input = document.getElementById('acs-code');
  const error = document.getElementById('acs-code-error');
  if (!form || !input || !error) return;

  const parentField = form.elements.namedItem('parentOrigin');
  if (parentField && !parentField.value && document.referrer) {
    try {
      const origin = new URL(document.referrer).origin;
      if (origin !== 'null' && origin !== location.origin) parentField.value = origin;
    } catch {
      // No usable referrer: the completion page posts to '*'.
    }
  }
  // No focus on load: the merchant's dialog keeps focus (its Esc and Close must keep working).
  // After a refused submit (the server's error), focus goes back to the field.
  if (input.getAttribute('aria-invalid') === 'true') input.focus();

  form.addEventListener('submit', (event) => {
    // Cancel posts the same form (and so the parent origin) elsewhere: no code needed.
    if (event.submitter?.classList.contains('acs-cancel')) return;
    if (input.value.trim() !== '') return;
    event.preventDefault();
    input.setAttribute('aria-invalid', 'true');
    error.textContent = error.dataset.emptyMessage || '';
    input.focus();
  });
  input.addEventListener('input', () => {
    if (input.value.trim() === '') return;
    input.removeAttribute('aria-invalid');
    error.textContent = '';
  });
})();
