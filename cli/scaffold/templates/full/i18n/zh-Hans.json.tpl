{
  "title": "__Id__",
  "menu": "__Id__",
  "field": {
    "title": "标题"
  },
  "form": {
    "label": "新条目",
    "placeholder": "想记下点什么？",
    "submit": "添加",
    "required": "请输入要添加的内容",
    "added": "已添加"
  },
  "list": {
    "title": "我的条目（{{total}}）",
    "empty": "还没有内容，在上方添加第一条吧"
  },
  "message": {
    "duplicate": "“{{title}}”已在列表中",
    "full": "列表已满，最多 {{max}} 条"
  }
}
