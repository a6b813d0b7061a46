{
  "title": "__Id__",
  "menu": "__Id__",
  "field": {
    "title": "Title"
  },
  "form": {
    "label": "New entry",
    "placeholder": "What would you like to keep?",
    "submit": "Add",
    "required": "Please enter something to add",
    "added": "Added"
  },
  "list": {
    "title": "My entries ({{total}})",
    "empty": "Nothing here yet: add your first entry above"
  },
  "message": {
    "duplicate": "\"{{title}}\" is already on your list",
    "full": "Your list is full: at most {{max}} entries"
  }
}
