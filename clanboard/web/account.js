/* Log-in and sign-up (one page: /login or /signup). The server sets the session cookie. */
"use strict";
(async function () {
  const {api, t, ready} = window.clanboard;
  const $ = (id) => document.getElementById(id);
  await ready;
  const signup = location.pathname.startsWith("/signup");
  const title = t(signup ? "account.sign_up" : "account.log_in");
  document.title = `clanboard — ${title}`;
  for (const id of ["title", "heading", "submit"]) $(id).textContent = title;
  $("other").textContent = t(signup ? "account.have_account" : "account.no_account");
  $("other").href = signup ? "/login" : "/signup";
  $("name-help").hidden = $("password-help").hidden = !signup;
  $("password").autocomplete = signup ? "new-password" : "current-password";
  $("account-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("account-error").textContent = "";
    try {
      const r = await api("POST", signup ? "/api/account/signup" : "/api/account/login",
        {name: $("name").value.trim(), password: $("password").value});
      location.href = `/u/${encodeURIComponent(r.user.name)}`;
    } catch (e) {
      const code = e.data && e.data.error;
      $("account-error").textContent = code && t.has(`account.error.${code}`) ? t(`account.error.${code}`) : e.message;
    }
  });
})();
