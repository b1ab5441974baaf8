PRACTICE: dict[str, dict[str, str]] = {"en": {}, "fr": {}, "es": {}}
