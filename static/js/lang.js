// The language switch: remember the choice in the `lang` cookie and reload the page in it.

for (const button of document.querySelectorAll("button[data-lang]")) {
  button.addEventListener("click", () => {
    document.cookie = `lang=${button.dataset.lang}; path=/; max-age=31536000; samesite=lax`;
    location.reload();
  });
}
