#!/usr/bin/env bash
# The engine's message catalogues (estro_rules/i18n.py), with Babel (pinned in requirements-dev.txt):
#   bash scripts/i18n.sh     extract every marked message from estro_rules/ (and the frame of a worked example,
#                            scripts/sitegen/worked.py, a widget's, scripts/sitegen/widgets.py, and the widgets'
#                            scripts, docs/assets/estro/*.js) into estro_rules/locale/estro_rules.pot,
#                            bring the Italian catalogue (it/LC_MESSAGES/estro_rules.po) up to date with it,
#                            and compile it (.mo, read by gettext at run time; both are kept in the repository).
# Then write the Italian of each new message in the .po (an empty msgstr, or one marked fuzzy, is a missing
# translation: tests/engine/test_i18n.py fails on it) and run this again to compile.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh > /dev/null
babel=.venv/bin/pybabel
pot=estro_rules/locale/estro_rules.pot
# The default keywords (_, N_, gettext, ngettext…), Message("…", values) and Plural("…", "…", n, values)
# (estro_rules/i18n.py), and the widgets' scripts' t("…") and tn("…", "…", n) (docs/assets/estro/engine.js);
# scripts/babel.cfg maps the files to Babel's Python and JavaScript extractors.
"$babel" -q extract -F scripts/babel.cfg -k Message:1 -k Plural:1,2 -k t -k tn:1,2 --no-location --sort-output \
  --project "ESTRO Rules" -o "$pot" estro_rules scripts/sitegen/worked.py scripts/sitegen/widgets.py docs/assets/estro
for lang in it; do
  po=estro_rules/locale/$lang/LC_MESSAGES/estro_rules.po
  if [ -f "$po" ]; then
    "$babel" -q update --no-fuzzy-matching -i "$pot" -d estro_rules/locale -D estro_rules -l "$lang"
  else
    "$babel" -q init -i "$pot" -d estro_rules/locale -D estro_rules -l "$lang"
  fi
done
"$babel" compile --statistics -d estro_rules/locale -D estro_rules
