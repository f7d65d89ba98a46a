from chicago_scorer import create_app

app = create_app()
