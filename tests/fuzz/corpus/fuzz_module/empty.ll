declare void @nothing()
