{
  "title": "__Id__",
  "menu": "__Id__",
  "form": {
    "label": "New entry",
    "placeholder": "What would you like to keep?",
    "submit": "Add",
    "required": "Please enter something to add",
    "added": "Added"
  },
  "list": {
    "title": "On this device ({{total}})",
    "empty": "Nothing here yet: add your first entry above"
  }
}
