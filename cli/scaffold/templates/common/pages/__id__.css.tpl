.__id__-form {
  padding: 12px 0 4px;
}
.__id__-form__submit {
  padding: 12px 16px;
}
