FLASK_APP=flask_app
FLASK_DEBUG=1
FLASK_RUN_PORT=5000
# The development server fills an empty database with the demo content.
SEED_DEMO=1
