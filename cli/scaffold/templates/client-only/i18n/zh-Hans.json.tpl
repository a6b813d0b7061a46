{
  "title": "__Id__",
  "menu": "__Id__",
  "form": {
    "label": "新条目",
    "placeholder": "想记下点什么？",
    "submit": "添加",
    "required": "请输入要添加的内容",
    "added": "已添加"
  },
  "list": {
    "title": "本机保存（{{total}}）",
    "empty": "还没有内容，在上方添加第一条吧"
  }
}
